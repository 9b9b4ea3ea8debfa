// Scorecards: each interviewer rates a job's criteria 1–4 for the stage they interviewed at.
export const SCORECARD_RATING_MIN = 1;
export const SCORECARD_RATING_MAX = 4;

// A job's criteria until its hiring team sets its own.
export const DEFAULT_SCORECARD_CRITERIA = ['Relevant skills', 'Communication', 'Problem solving'] as const;
