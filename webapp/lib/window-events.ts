/**
 * Live events a page reacts to itself, handed on by the tab's one live stream
 * (app/live-events/use-live-events.ts) as window events: features cannot import the app layer.
 */
export const IMPORT_PROGRESS_EVENT = 'postloom:import-progress';
