export { CalendarConnectionsSection } from './calendar-connections-section';
