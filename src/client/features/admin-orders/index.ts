export { ExportCsvButton } from './export-button';
