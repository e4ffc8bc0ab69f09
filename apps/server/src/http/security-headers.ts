import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * The app's security headers (helmet) and Content-Security-Policy: scripts and connections only to our origin,
 * styles inline (cards' colours), frames only from YouTube's players (video links on cards), forms posted only to
 * us or to the Google sign-in issuer, never framed. The public card page sets its own, stricter policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { googleIssuer: string | null }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        formAction: ["'self'", ...(options.googleIssuer ? [new URL(options.googleIssuer).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
