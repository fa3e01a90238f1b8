import { z } from 'zod';
import { requiredText } from '@tc/shared/schemas/fields';
import { TITLE_REQUIRED } from './title-start-box';

// Same limit as the project form (createRequestBody.titulo), with a message that fits this box.
export const titleSchema = z.object({ titulo: requiredText(TITLE_REQUIRED, 120) });
