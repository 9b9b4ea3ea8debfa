// File upload: nothing to set; the candidate's file is graded by a person.
export function FileUploadEditor() {
  return (
    <p className="rounded-md border border-border bg-muted/40 p-3 text-sm text-muted-foreground">
      The candidate uploads a file, and a person on your team reviews it and grades it.
    </p>
  );
}
