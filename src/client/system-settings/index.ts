export { SystemSettingsPage } from './system-settings-page';
