// What the platform asks of a grader of short-answer and paragraph answers: assessments/text-graders.ts has
// the one that runs here and the hosted language model. Here, below the features, so the app's context can hold
// one without importing a feature.

export interface TextGradingRequest {
  question: string;
  rubric: string;
  answer: string;
  points: number;
}

// points null: the grader cannot judge this answer, so a person must.
export interface TextGrade {
  points: number | null;
  explanation: string;
}

export interface TextGrader {
  name: 'rubric' | 'hosted';
  grade(request: TextGradingRequest): Promise<TextGrade>;
}
