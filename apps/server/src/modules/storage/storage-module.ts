import type { AppModule } from '../module-contract';
import { registerFileRoutes } from './file-routes';
import type { FileStorage } from './storage';
import type { S3StorageOptions } from './s3-storage';

/*
 * The storage module's public entry: where files live (local disk or S3-compatible, chosen by configuration),
 * image re-encoding, serving stored files, and the entry list of an uploaded zip archive.
 */
export { attachmentDisposition, sendStoredFile } from './file-routes';
export { loadSharp, reencodeImage } from './images';
export { prepareSignaturePhoto, prepareVCardPhoto } from './vcard-photo';
export { contentTypeFor, createLocalStorage, type FileStorage } from './storage';
export { zipEntries, type ZipEntry } from './zip-directory';

/** S3-compatible storage; its SDK is loaded only when configured. */
export async function loadS3Storage(options: S3StorageOptions): Promise<FileStorage> {
  return (await import('./s3-storage')).createS3Storage(options);
}

/** Serves at /files/ the folders `modules` declare (`servedFiles`); create it after them. */
export function createStorageModule(needs: { storage: FileStorage; modules: readonly AppModule[] }): AppModule {
  return {
    name: 'storage',
    routes: (app) => registerFileRoutes(app, needs.storage, needs.modules.flatMap((module) => (module.servedFiles ? [module.servedFiles] : []))),
  };
}
