import { type ErrorShape, standardShape } from './family.ts';
import { legacyFamily } from './legacy.ts';
import { v2DeviceFamily, v2ReportFamily } from './v2.ts';

/** The families whose errors are not in the standard shape. */
const ownShapes = [legacyFamily, v2DeviceFamily, v2ReportFamily];

/** The error shape for a URL no route matched yet: its family's by prefix, else the standard one. */
export const errorShapeForUrl = (url: string): ErrorShape =>
  ownShapes.find((family) => url.startsWith(`${family.prefix}/`))?.errorShape ?? standardShape;
