/** The history feature's face: app/ composes its panels into the project page (features do not import each other). */
export { TransitHistoryPanel, type TransitHistoryPanelProps } from './components/transit-history-panel';
export { TransitPhotosPanel } from './components/transit-photos-panel';
export { ProjectHistoryDrawer, type ProjectHistoryDrawerProps } from './components/project-history-drawer';
