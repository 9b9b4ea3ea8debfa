export { API_TOKENS_SECTION_ID, ApiTokensSection } from './api-tokens-section';
