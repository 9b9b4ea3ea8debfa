import { useId, useMemo, useState } from 'react';
import { Chip } from '~/client/components/removable-chip';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import {
  APPLICANT_LOCATIONS_MAX,
  applicantLocationName,
  countryCodes,
  jobReachTexts,
  regionNames,
} from '~/shared/job-reach';

interface LocationOption {
  code: string;
  label: string;
}

// Every country (Intl.DisplayNames names it) and the US states and Canadian provinces, by name.
function locationOptions(): LocationOption[] {
  return [...countryCodes, ...Object.keys(regionNames)]
    .map((code) => ({ code, label: `${applicantLocationName(code)} (${code})` }))
    .sort((one, other) => one.label.localeCompare(other.label, 'en'));
}

// "Applicant locations" on the job form (decision 058): type to search the list (the browser's own
// suggestions, a datalist, so phones and screen readers get their picker), choose to add; each chosen place a
// removable chip. None chosen: applicants may live anywhere.
export function ApplicantLocationsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
}) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const options = useMemo(locationOptions, []);

  const matchOf = (text: string) => {
    const wanted = text.trim().toLowerCase();
    if (!wanted) return undefined;
    return options.find(
      (option) =>
        option.label.toLowerCase() === wanted ||
        option.code.toLowerCase() === wanted ||
        applicantLocationName(option.code).toLowerCase() === wanted,
    );
  };
  const add = (option: LocationOption) => {
    setQuery('');
    setNotice(null);
    if (value.includes(option.code)) return;
    if (value.length >= APPLICANT_LOCATIONS_MAX) {
      setNotice(jobReachTexts.tooManyLocations);
      return;
    }
    onChange([...value, option.code]);
  };
  const addTyped = () => {
    const match = matchOf(query);
    if (match) add(match);
    else if (query.trim()) setNotice(jobReachTexts.locationUnknown);
  };

  return (
    <div className="grid gap-3">
      <FormField
        label="Applicant locations"
        hint="Optional. The countries, US states or Canadian provinces applicants may live in; none chosen: anywhere."
        error={notice ?? error}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              list={listId}
              value={query}
              autoComplete="off"
              placeholder="Search countries and regions"
              onChange={(event) => {
                const text = event.target.value;
                // Choosing a suggestion fills the whole label: that choice is added at once.
                const exact = options.find((option) => option.label === text);
                if (exact) add(exact);
                else setQuery(text);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addTyped();
                }
              }}
            />
            {/* Named apart from Required Skills' Add on the same form. */}
            <Button type="button" variant="outline" onClick={addTyped}>
              Add location
            </Button>
          </div>
        )}
      </FormField>
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.code} value={option.label} />
        ))}
      </datalist>
      {value.length > 0 && (
        <ul aria-label="Chosen applicant locations" className="flex flex-wrap gap-2">
          {value.map((code) => (
            <li key={code}>
              <Chip
                label={applicantLocationName(code)}
                onRemove={() => onChange(value.filter((kept) => kept !== code))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
