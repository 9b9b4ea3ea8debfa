import { Badge } from '~/client/components/ui/badge';
import { SHOWN_SPECIALTIES } from '~/shared/account-managers';

// The first two specialties and "+N" for the rest (docs/spec/admin-billing-and-content.md §9).
export function SpecialtyBadges({ specialties }: { specialties: string[] }) {
  if (specialties.length === 0) return <span className="text-sm text-muted-foreground">None listed</span>;
  const hidden = specialties.length - SHOWN_SPECIALTIES;
  return (
    <div className="flex flex-wrap gap-1">
      {specialties.slice(0, SHOWN_SPECIALTIES).map((specialty) => (
        <Badge key={specialty} variant="secondary">
          {specialty}
        </Badge>
      ))}
      {hidden > 0 && (
        <Badge variant="outline" title={specialties.slice(SHOWN_SPECIALTIES).join(', ')}>
          <span aria-hidden="true">+{hidden}</span>
          <span className="sr-only">and {hidden} more</span>
        </Badge>
      )}
    </div>
  );
}
