import { useQuery } from '@tanstack/react-query';
import { UserMinusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { OptionSearchSelect } from '~/client/components/option-search-select';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { type HiringTeam, hiringTeamTexts } from '~/shared/hiring-team';
import { hiringTeamQueryOptions, teamCandidatesQueryOptions, useAddTeamMember, useRemoveTeamMember } from './api';
import { ScorecardCriteria } from './scorecard-criteria';

// The job page's "Hiring team": who hears of the job's applications and interviews for it, and what their
// scorecards rate. Everyone who reads the job sees it; those who may edit the job change it.
export function HiringTeamSection({ jobId, canEdit }: { jobId: string; canEdit: boolean }) {
  const team = useQuery(hiringTeamQueryOptions(jobId));
  return (
    <Card aria-labelledby="hiring-team-title">
      <CardHeader>
        <CardTitle id="hiring-team-title">Hiring team</CardTitle>
        <CardDescription>
          The team hears of this job’s applications, offers and tests. With no one on it, everyone who can see
          applications does.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {team.isError ? (
          <Alert variant="destructive" className="flex-wrap items-center justify-between">
            <span>{errorMessage(team.error, hiringTeamTexts.loadError)}</span>
            <Button variant="outline" size="sm" onClick={() => team.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !team.data ? (
          <div className="grid gap-2" role="status" aria-label="Loading hiring team">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-1/3" />
          </div>
        ) : (
          <>
            <TeamMembers jobId={jobId} team={team.data} canEdit={canEdit} />
            <ScorecardCriteria jobId={jobId} team={team.data} canEdit={canEdit} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TeamMembers({ jobId, team, canEdit }: { jobId: string; team: HiringTeam; canEdit: boolean }) {
  const remove = useRemoveTeamMember(jobId);
  const [removeError, setRemoveError] = useState<string | null>(null);

  async function removeMember(userId: string, name: string) {
    setRemoveError(null);
    try {
      await remove.mutateAsync(userId);
      toast({ title: 'Removed from the hiring team', description: `${name} no longer hears of this job.` });
    } catch (error) {
      setRemoveError(errorMessage(error, 'The member was not removed. Please try again.'));
    }
  }

  return (
    <section aria-labelledby="hiring-team-members" className="grid gap-3">
      <h3 id="hiring-team-members" className="text-sm font-semibold">
        Members
      </h3>
      {team.members.length === 0 ? (
        <div className="flex items-start gap-3 rounded-md border border-dashed border-border p-3">
          <UsersIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">
            No one is on the team yet: everyone who can see applications hears of this job.
          </p>
        </div>
      ) : (
        <ul className="grid gap-2">
          {team.members.map((member) => (
            <li
              key={member.user_id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium break-words">{member.name}</p>
                <p className="text-xs break-all text-muted-foreground">{member.email}</p>
              </div>
              {canEdit && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${member.name} from the hiring team`}
                  disabled={remove.isPending}
                  onClick={() => removeMember(member.user_id, member.name)}
                >
                  <UserMinusIcon aria-hidden="true" />
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removeError && <Alert variant="destructive">{removeError}</Alert>}
      {canEdit && <AddMemberForm jobId={jobId} />}
    </section>
  );
}

function AddMemberForm({ jobId }: { jobId: string }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const candidates = useQuery(teamCandidatesQueryOptions(jobId, search));
  const add = useAddTeamMember(jobId);
  const options = (candidates.data?.items ?? []).map((member) => ({
    id: member.user_id,
    name: member.name,
    detail: member.email,
  }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (!chosen) {
      setError(hiringTeamTexts.chooseMember);
      return;
    }
    try {
      const member = await add.mutateAsync(chosen);
      setChosen('');
      toast({ title: 'Added to the hiring team', description: `${member.name} was told and hears of this job now.` });
    } catch (failure) {
      setError(errorMessage(failure, 'The member was not added. Please try again.'));
    }
  }

  return (
    <form noValidate className="grid gap-3 rounded-md bg-muted/60 p-3" onSubmit={submit}>
      <OptionSearchSelect
        label="Colleague to add"
        searchLabel="Search colleagues"
        searchPlaceholder="Name or email"
        query={search}
        onQueryChange={setSearch}
        options={options}
        isPending={candidates.isPending}
        emptyLabel="Choose a colleague"
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        error={error ?? undefined}
      />
      {candidates.isError && (
        <Alert variant="destructive">{errorMessage(candidates.error, hiringTeamTexts.membersLoadError)}</Alert>
      )}
      <Button type="submit" size="sm" className="justify-self-start" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add to Team'}
      </Button>
    </form>
  );
}
