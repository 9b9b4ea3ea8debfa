export { MessageTemplatesSection } from './message-templates-section';
