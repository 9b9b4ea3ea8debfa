// One email rule for every form and schema. Domain labels hold no dot, so the pattern splits an address
// one way only and runs in linear time: the looser /^[^\s@]+@[^\s@]+\.[^\s@]+$/ took half a second on
// "a@" followed by 20,000 ".a" (measured), and the schemas run it before their length limits.
// No zod here: the public contact form imports it and keeps its JavaScript small.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

// The longest address SMTP can carry (RFC 5321).
const EMAIL_MAX_LENGTH = 254;

export const isValidEmail = (email: string) => email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
