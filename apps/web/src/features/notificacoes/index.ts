// The notifications feature as other features use it (docs/decisions/0019).
export { PreferenciasSection } from './preferencias-section';
