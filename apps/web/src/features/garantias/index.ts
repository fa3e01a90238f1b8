// The garantias feature as other features use it (docs/decisions/0019: no reaching into a feature's files).
export { adminGuaranteeFiltersOf } from './garantias-queries';
export { useAdminGuarantees, useAdminGuaranteeFigures, useCloseGuarantee } from './garantias-api';
export { GuaranteeDialog } from './guarantee-dialog';
export { AdminGuaranteeFigures, GuaranteeFigures } from './guarantee-figures';
export { GuaranteeOnCard, GuaranteeStateBadge } from './guarantee-on-card';
export { GuaranteePhotos } from './guarantee-photos';
export { ProfessionalGuarantees } from './professional-guarantees';
