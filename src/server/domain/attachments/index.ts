export { checkImagePixels } from './image-pixels.js';
export { ATTACHMENT_BODY_MAX, ATTACHMENT_NAME_MAX, ATTACHMENT_URL_MAX, MAX_FILES_PER_UPLOAD, cleanAttachmentName, mimetypeOfUrl } from './naming.js';
export { sniffMimetype } from './sniff.js';
export { storedFile } from './stored-file.js';
export { operatorBudgets, overBudget, pruneUsage, roomToday, storeCharged, visitorBudgets } from './upload-budgets.js';
export type { UploadBudget } from './upload-budgets.js';
export { UploadError, describeLimit, requireMultipart, toUploadError } from './upload-errors.js';
export { visitorUploadPolicy } from './upload-policy.js';
export { webContentRoutes } from './web-content-routes.js';
