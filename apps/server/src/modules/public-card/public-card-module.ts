/*
 * The public card page's public entry: the service (made once by the composition root; the cards module tells
 * it of every card change) and its routes.
 */
export { registerPublicCardRoutes } from './public-card-routes';
export {
  createPublicCardService,
  linkIdOf,
  publicCardFileFolders,
  registerPublicCardJobs,
  type PhysicalCardRoute,
  type PublicCardService,
} from './public-card-service';
export { renderQrSvg } from './qr';
