// The professional's own area as other features use it (docs/decisions/0019).
export { uploadForm } from './upload';
export { UrgenciasSection } from './urgencias-section';
