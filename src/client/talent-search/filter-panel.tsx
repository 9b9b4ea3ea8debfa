import { type ReactNode, useId, useState } from 'react';
import { FilterSelect } from '~/client/components/filter-select';
import { TimeZonePicker } from '~/client/components/time-zone-picker';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FormField } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { cn } from '~/client/lib/cn';
import type { Availability, ExperienceLevel, Region } from '~/shared/talent';
import type { TalentBadge, TalentFacets } from '~/shared/talent-search';
import {
  OVERLAP_HOURS_MAX,
  quickSkills,
  TALENT_RATE_SLIDER,
  talentBadgeLabels,
  talentBadges,
  talentTexts,
} from '~/shared/talent-search-texts';
import {
  availabilities,
  availabilityLabels,
  experienceLevelLabels,
  experienceLevels,
  regionLabels,
  regions,
} from '~/shared/talent-texts';
import { formatFacetCount } from './candidate-format';
import { RateRangeSlider } from './rate-range-slider';
import { SkillPicker } from './skill-picker';
import { browserTimeZone, overlapHourChoices, rateBoundsOf, type TalentFilterState } from './talent-search-search';

// The filter panel (docs/spec/portal-and-public-site.md §2): every change is staged here and reaches the search
// on Apply; Reset puts the panel back to its defaults. What is applied lives in the URL
// (talent-search-search.ts).

interface FilterDraft {
  skills: string[];
  rate: [number, number];
  level: ExperienceLevel | null;
  availability: Availability[];
  region: Region | null;
  badges: TalentBadge[];
  overlapHours: string | null;
  // Shown (this browser's zone) even while no overlap is asked for, so choosing hours needs one step.
  overlapWith: string;
}

const clampRate = (dollars: number) => Math.min(TALENT_RATE_SLIDER.max, Math.max(TALENT_RATE_SLIDER.min, dollars));

// No rate applied shows the spec's default range; one bound applied shows the slider's end for the other.
function draftOf(filters: TalentFilterState): FilterDraft {
  const isRateSet = filters.rateMin !== null || filters.rateMax !== null;
  return {
    skills: filters.skills,
    rate: isRateSet
      ? [clampRate(filters.rateMin ?? TALENT_RATE_SLIDER.min), clampRate(filters.rateMax ?? TALENT_RATE_SLIDER.max)]
      : [TALENT_RATE_SLIDER.defaultMin, TALENT_RATE_SLIDER.defaultMax],
    level: filters.level,
    availability: filters.availability,
    region: filters.region,
    badges: filters.badges,
    overlapHours: filters.overlapHours,
    overlapWith: filters.overlapWith || browserTimeZone(),
  };
}

const emptyDraft = (): FilterDraft => ({
  skills: [],
  rate: [TALENT_RATE_SLIDER.defaultMin, TALENT_RATE_SLIDER.defaultMax],
  level: null,
  availability: [],
  region: null,
  badges: [],
  overlapHours: null,
  overlapWith: browserTimeZone(),
});

// The default range is what the slider shows before anyone moves it, not a filter: sent, it would hide
// every candidate under $15 or over $100. Only a range the person changed narrows the search.
function filtersOf(draft: FilterDraft): TalentFilterState {
  const [min, max] = draft.rate;
  const isDefaultRate = min === TALENT_RATE_SLIDER.defaultMin && max === TALENT_RATE_SLIDER.defaultMax;
  return {
    skills: draft.skills,
    ...(isDefaultRate ? { rateMin: null, rateMax: null } : rateBoundsOf(min, max)),
    level: draft.level,
    availability: draft.availability,
    region: draft.region,
    badges: draft.badges,
    // The zone travels only with the hours it qualifies.
    overlapHours: draft.overlapHours,
    overlapWith: draft.overlapHours ? draft.overlapWith : '',
  };
}

const toggled = <Value,>(list: readonly Value[], value: Value, isOn: boolean) =>
  isOn ? [...list, value] : list.filter((other) => other !== value);

function countIn<Value extends string>(facet: { value: Value; count: number }[] | undefined, value: Value) {
  return facet?.find((entry) => entry.value.toLowerCase() === value.toLowerCase())?.count;
}

const overlapLabel = (hours: string) =>
  hours === String(OVERLAP_HOURS_MAX) ? 'The same hours' : `At least ${hours} ${hours === '1' ? 'hour' : 'hours'}`;

function Count({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return <span className="ml-auto text-xs tabular-nums text-muted-foreground">({formatFacetCount(count)})</span>;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-2.5">
      <legend className="mb-2.5 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

interface FilterPanelProps {
  // What is applied now; the panel starts from it (mount it with a key of it to follow URL changes).
  filters: TalentFilterState;
  facets: TalentFacets | undefined;
  onApply: (filters: TalentFilterState) => void;
  className?: string;
}

export function FilterPanel({ filters, facets, onApply, className }: FilterPanelProps) {
  const [draft, setDraft] = useState(() => draftOf(filters));
  const ids = { region: useId(), level: useId() };
  const change = (changes: Partial<FilterDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const isSkillChosen = (skill: string) => draft.skills.some((chosen) => chosen.toLowerCase() === skill.toLowerCase());
  // A popular skill no candidate of this search has ("Python (0)") is left out, unless it is chosen.
  const isWorthShowing = (skill: string) => isSkillChosen(skill) || countIn(facets?.skills, skill) !== 0;

  return (
    <form
      aria-label="Filters"
      className={cn('grid min-w-0 gap-6', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(filtersOf(draft));
      }}
    >
      <Group legend="Skills">
        <ul className="flex flex-wrap gap-2" aria-label="Popular skills">
          {quickSkills.filter(isWorthShowing).map((skill) => {
            const isOn = isSkillChosen(skill);
            return (
              <li key={skill}>
                <Button
                  type="button"
                  size="sm"
                  shape="round"
                  variant={isOn ? 'default' : 'outline'}
                  aria-pressed={isOn}
                  className="h-8"
                  onClick={() =>
                    change({
                      skills: isOn
                        ? draft.skills.filter((chosen) => chosen.toLowerCase() !== skill.toLowerCase())
                        : [...draft.skills, skill],
                    })
                  }
                >
                  {skill}
                  {countIn(facets?.skills, skill) !== undefined && (
                    <span className="tabular-nums opacity-80">
                      ({formatFacetCount(countIn(facets?.skills, skill) ?? 0)})
                    </span>
                  )}
                </Button>
              </li>
            );
          })}
        </ul>
        <SkillPicker value={draft.skills} onChange={(skills) => change({ skills })} />
      </Group>

      <RateRangeSlider value={draft.rate} onChange={(rate) => change({ rate })} />

      <Group legend="Experience level">
        <RadioGroup
          aria-label="Experience level"
          value={draft.level ?? 'any'}
          onValueChange={(level) => change({ level: level === 'any' ? null : (level as ExperienceLevel) })}
        >
          {(['any', ...experienceLevels] as const).map((level) => (
            <div key={level} className="flex items-center gap-2">
              <RadioGroupItem value={level} id={`${ids.level}-${level}`} />
              <Label htmlFor={`${ids.level}-${level}`} className="font-normal">
                {level === 'any' ? 'Any' : experienceLevelLabels[level]}
              </Label>
              {level !== 'any' && <Count count={countIn(facets?.level, level)} />}
            </div>
          ))}
        </RadioGroup>
      </Group>

      <Group legend="Availability">
        {availabilities.map((availability) => (
          <div key={availability} className="flex items-center gap-2">
            <Checkbox
              id={`${ids.level}-${availability}`}
              checked={draft.availability.includes(availability)}
              onCheckedChange={(checked) =>
                change({ availability: toggled(draft.availability, availability, checked === true) })
              }
            />
            <Label htmlFor={`${ids.level}-${availability}`} className="font-normal">
              {availabilityLabels[availability]}
            </Label>
            <Count count={countIn(facets?.availability, availability)} />
          </div>
        ))}
      </Group>

      <div className="grid gap-2">
        <Label htmlFor={ids.region}>Location</Label>
        <FilterSelect
          id={ids.region}
          allLabel="Any location"
          value={draft.region}
          options={regions}
          labels={(region) => {
            const count = countIn(facets?.region, region);
            return count !== undefined ? `${regionLabels[region]} (${formatFacetCount(count)})` : regionLabels[region];
          }}
          onChange={(region) => change({ region })}
        />
      </div>

      <Group legend="Verified badges">
        {talentBadges.map((badge) => (
          <div key={badge} className="flex items-center gap-2">
            <Checkbox
              id={`${ids.level}-${badge}`}
              checked={draft.badges.includes(badge)}
              onCheckedChange={(checked) => change({ badges: toggled(draft.badges, badge, checked === true) })}
            />
            <Label htmlFor={`${ids.level}-${badge}`} className="font-normal">
              {talentBadgeLabels[badge]}
            </Label>
          </div>
        ))}
      </Group>

      <div className="grid gap-3">
        <FormField label="Working hours overlap" hint="Of a 9:00–17:00 working day, each in their own time zone.">
          {(control) => (
            <FilterSelect
              {...control}
              allLabel="Any overlap"
              value={draft.overlapHours}
              options={overlapHourChoices}
              labels={overlapLabel}
              onChange={(overlapHours) => change({ overlapHours })}
            />
          )}
        </FormField>
        {draft.overlapHours && (
          <FormField label="With my time zone">
            {(control) => (
              <TimeZonePicker
                control={control}
                value={draft.overlapWith}
                onChange={(overlapWith) => change({ overlapWith })}
              />
            )}
          </FormField>
        )}
      </div>

      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="outline" onClick={() => setDraft(emptyDraft())}>
          {talentTexts.reset}
        </Button>
        <Button type="submit">{talentTexts.apply}</Button>
      </div>
    </form>
  );
}
