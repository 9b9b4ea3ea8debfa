import { useQuery } from '@tanstack/react-query';
import { ArrowDownWideNarrowIcon } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import {
  backgroundLimits,
  languageLevelLabels,
  languageLevels,
  updateCertificationsSchema,
  updateEducationSchema,
  updateLanguagesSchema,
  updatePortfolioSchema,
  updateWorkHistorySchema,
} from '~/shared/talent-background';
import {
  applicantProfileQueryOptions,
  useSaveCertifications,
  useSaveEducation,
  useSaveLanguages,
  useSavePortfolio,
  useSaveWorkHistory,
} from './api';
import {
  certificationToValues,
  certificationValuesToInput,
  educationToValues,
  educationValuesToInput,
  emptyCertificationValues,
  emptyEducationValues,
  emptyLanguageValues,
  emptyPortfolioValues,
  emptyWorkValues,
  languageToValues,
  portfolioToValues,
  sortWorkMostRecentFirst,
  workToValues,
  workValuesProblems,
  workValuesToInput,
} from './background-form-values';
import { BackgroundListForm } from './background-list-form';

const L = backgroundLimits;

// The profile's background lists in Settings, each its own form under the profile: work history,
// education, languages, certifications and portfolio. The Profile section above shows the loading and
// error states of the same query.
export function ProfileBackgroundSections() {
  const profile = useQuery(applicantProfileQueryOptions());
  const saveWorkHistory = useSaveWorkHistory();
  const saveEducation = useSaveEducation();
  const saveLanguages = useSaveLanguages();
  const saveCertifications = useSaveCertifications();
  const savePortfolio = useSavePortfolio();
  if (!profile.isSuccess) return null;
  const { data } = profile;
  return (
    <>
      <BackgroundListForm
        title="Work History"
        description="The jobs you have held, most recent first. Move an entry to change the order companies see."
        itemNoun="job"
        savedNoun="work history"
        emptyText="No jobs yet. Add your current or most recent job first."
        items={data.work_history}
        toValues={workToValues}
        emptyValues={emptyWorkValues}
        toInput={workValuesToInput}
        checkEntry={workValuesProblems}
        schema={updateWorkHistorySchema}
        max={L.workHistory}
        addsFirst
        save={(input) => saveWorkHistory.mutateAsync(input as never)}
        savedItems={(saved) => saved.work_history}
        entryName={(values, index) => values.title || `job ${index + 1}`}
        renderTools={(form) => (
          <Button
            type="button"
            variant="ghost"
            onClick={() =>
              form.setValue('items', sortWorkMostRecentFirst(form.getValues('items')), { shouldDirty: true })
            }
          >
            <ArrowDownWideNarrowIcon aria-hidden="true" />
            Sort by Date
          </Button>
        )}
        renderFields={(index, form) => {
          const errors = form.formState.errors.items?.[index];
          const isCurrent = form.watch(`items.${index}.is_current`);
          return (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Job title" error={errors?.title?.message}>
                  {(control) => (
                    <Input {...control} maxLength={L.titleLength} {...form.register(`items.${index}.title`)} />
                  )}
                </FormField>
                <FormField label="Company" error={errors?.company?.message}>
                  {(control) => (
                    <Input {...control} maxLength={L.organisationLength} {...form.register(`items.${index}.company`)} />
                  )}
                </FormField>
                <FormField label="Start month" hint="e.g. 2021-03" error={errors?.start_month?.message}>
                  {(control) => <Input {...control} type="month" {...form.register(`items.${index}.start_month`)} />}
                </FormField>
                <FormField label="End month" hint="e.g. 2024-06" error={errors?.end_month?.message}>
                  {(control) => (
                    <Input
                      {...control}
                      type="month"
                      disabled={isCurrent}
                      {...form.register(`items.${index}.end_month`)}
                    />
                  )}
                </FormField>
              </div>
              <Controller
                control={form.control}
                name={`items.${index}.is_current`}
                render={({ field }) => (
                  <div className="flex items-center gap-2">
                    <Checkbox
                      id={`work-${index}-current`}
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                    />
                    <Label htmlFor={`work-${index}-current`}>I currently work here</Label>
                  </div>
                )}
              />
              <FormField label="Description (optional)" error={errors?.description?.message}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    maxLength={L.descriptionLength}
                    {...form.register(`items.${index}.description`)}
                  />
                )}
              </FormField>
            </>
          );
        }}
      />
      <BackgroundListForm
        title="Education"
        description="Schools, degrees and fields of study."
        itemNoun="degree"
        savedNoun="education"
        emptyText="No education yet."
        items={data.education}
        toValues={educationToValues}
        emptyValues={emptyEducationValues}
        toInput={educationValuesToInput}
        schema={updateEducationSchema}
        max={L.education}
        save={(input) => saveEducation.mutateAsync(input as never)}
        savedItems={(saved) => saved.education}
        entryName={(values, index) => values.school || `degree ${index + 1}`}
        renderFields={(index, form) => {
          const errors = form.formState.errors.items?.[index];
          return (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="School" error={errors?.school?.message}>
                {(control) => (
                  <Input {...control} maxLength={L.organisationLength} {...form.register(`items.${index}.school`)} />
                )}
              </FormField>
              <FormField
                label="Degree and field of study"
                hint="e.g. BSc Computer Science"
                error={errors?.degree?.message}
              >
                {(control) => (
                  <Input {...control} maxLength={L.organisationLength} {...form.register(`items.${index}.degree`)} />
                )}
              </FormField>
              <FormField label="Start year" error={errors?.start_year?.message}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    placeholder="e.g. 2015"
                    {...form.register(`items.${index}.start_year`)}
                  />
                )}
              </FormField>
              <FormField label="End year" hint="Expected, or empty while you study." error={errors?.end_year?.message}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    placeholder="e.g. 2019"
                    {...form.register(`items.${index}.end_year`)}
                  />
                )}
              </FormField>
            </div>
          );
        }}
      />
      <BackgroundListForm
        title="Languages"
        description="The languages you work in, with your level (CEFR A1–C2, or native)."
        itemNoun="language"
        savedNoun="languages"
        emptyText="No languages yet."
        items={data.languages}
        toValues={languageToValues}
        emptyValues={emptyLanguageValues}
        toInput={(values) => values}
        schema={updateLanguagesSchema}
        max={L.languages}
        save={(input) => saveLanguages.mutateAsync(input as never)}
        savedItems={(saved) => saved.languages}
        entryName={(values, index) => values.language || `language ${index + 1}`}
        renderFields={(index, form) => {
          const errors = form.formState.errors.items?.[index];
          return (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Language" error={errors?.language?.message}>
                {(control) => (
                  <Input
                    {...control}
                    maxLength={L.languageLength}
                    placeholder="e.g. English"
                    {...form.register(`items.${index}.language`)}
                  />
                )}
              </FormField>
              <FormField label="Level" error={errors?.level?.message}>
                {(control) => (
                  <NativeSelect {...control} {...form.register(`items.${index}.level`)}>
                    <option value="">Choose a level</option>
                    {languageLevels.map((level) => (
                      <option key={level} value={level}>
                        {languageLevelLabels[level]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
          );
        }}
      />
      <BackgroundListForm
        title="Certifications"
        description="Certificates and licences, with a link where an issuer can confirm them."
        itemNoun="certification"
        savedNoun="certifications"
        emptyText="No certifications yet."
        items={data.certifications}
        toValues={certificationToValues}
        emptyValues={emptyCertificationValues}
        toInput={certificationValuesToInput}
        schema={updateCertificationsSchema}
        max={L.certifications}
        save={(input) => saveCertifications.mutateAsync(input as never)}
        savedItems={(saved) => saved.certifications}
        entryName={(values, index) => values.name || `certification ${index + 1}`}
        renderFields={(index, form) => {
          const errors = form.formState.errors.items?.[index];
          return (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Certification" error={errors?.name?.message}>
                {(control) => (
                  <Input {...control} maxLength={L.organisationLength} {...form.register(`items.${index}.name`)} />
                )}
              </FormField>
              <FormField label="Issuer" error={errors?.issuer?.message}>
                {(control) => (
                  <Input {...control} maxLength={L.organisationLength} {...form.register(`items.${index}.issuer`)} />
                )}
              </FormField>
              <FormField label="Issued" hint="Month, e.g. 2023-06" error={errors?.issued_month?.message}>
                {(control) => <Input {...control} type="month" {...form.register(`items.${index}.issued_month`)} />}
              </FormField>
              <FormField
                label="Expires (optional)"
                hint="Empty if it does not expire."
                error={errors?.expires_month?.message}
              >
                {(control) => <Input {...control} type="month" {...form.register(`items.${index}.expires_month`)} />}
              </FormField>
              <FormField
                label="Credential URL (optional)"
                className="sm:col-span-2"
                error={errors?.credential_url?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    inputMode="url"
                    maxLength={L.urlLength}
                    placeholder="https://"
                    {...form.register(`items.${index}.credential_url`)}
                  />
                )}
              </FormField>
            </div>
          );
        }}
      />
      <BackgroundListForm
        title="Portfolio"
        description="Links to work you are proud of: a site, a repository, a case study."
        itemNoun="link"
        savedNoun="portfolio"
        emptyText="No portfolio links yet."
        items={data.portfolio}
        toValues={portfolioToValues}
        emptyValues={emptyPortfolioValues}
        toInput={(values) => values}
        schema={updatePortfolioSchema}
        max={L.portfolio}
        save={(input) => savePortfolio.mutateAsync(input as never)}
        savedItems={(saved) => saved.portfolio}
        entryName={(values, index) => values.title || `link ${index + 1}`}
        renderFields={(index, form) => {
          const errors = form.formState.errors.items?.[index];
          return (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Title" error={errors?.title?.message}>
                {(control) => (
                  <Input {...control} maxLength={L.titleLength} {...form.register(`items.${index}.title`)} />
                )}
              </FormField>
              <FormField label="URL" error={errors?.url?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    inputMode="url"
                    maxLength={L.urlLength}
                    placeholder="https://"
                    {...form.register(`items.${index}.url`)}
                  />
                )}
              </FormField>
              <FormField label="Description (optional)" className="sm:col-span-2" error={errors?.description?.message}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={2}
                    maxLength={L.portfolioDescriptionLength}
                    {...form.register(`items.${index}.description`)}
                  />
                )}
              </FormField>
            </div>
          );
        }}
      />
    </>
  );
}
