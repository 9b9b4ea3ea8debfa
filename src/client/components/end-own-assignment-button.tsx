import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EndAssignmentDialog } from '~/client/components/assignment-dialogs';
import { Button } from '~/client/components/ui/button';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { Assignment, EndAssignmentInput } from '~/shared/billing';
import { workContract } from '~/shared/contracts/work';

// The talent's assignments, weeks and clock change, and a fixed price's contract: the timesheets page and the
// contract page both offer it.
function useEndOwnAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EndAssignmentInput & { id: string }) =>
      callApi(workContract.endApplicantAssignment, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.applicant.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all }),
      ]),
  });
}

// The talent ends their own assignment (their last day, why): the company is told.
export function EndOwnAssignmentButton({
  assignment,
}: {
  assignment: Pick<Assignment, 'id' | 'role' | 'company_name' | 'applicant_name' | 'start_date'>;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const end = useEndOwnAssignment();
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
        End Assignment
      </Button>
      <EndAssignmentDialog
        side="talent"
        assignment={isOpen ? assignment : null}
        description={(own) =>
          `You stop working as ${own.role} for ${own.company_name} after your last day. ${own.company_name} is told why, and you are both asked for a review.`
        }
        endAssignment={(input) => end.mutateAsync(input)}
        onOpenChange={setIsOpen}
      />
    </>
  );
}
