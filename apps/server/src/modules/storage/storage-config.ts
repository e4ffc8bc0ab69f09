import { z } from 'zod';
import { booleanFlag, bothOrNeither, configPiece, documented, optionalString, secret } from '../../config-fields';

export const storageConfig = configPiece({
  title: 'File storage',
  variables: {
    S3_BUCKET: documented(optionalString, {
      description: 'Store uploaded and generated files (images, files, appleWallets, vcf-files) in this S3-compatible bucket instead of `DATA_DIR/files`. Use a bucket when running several server processes. See docs/self-hosting.md, File storage.',
    }),
    S3_REGION: documented(optionalString, { description: 'The bucket\'s region (most S3-compatible services accept any value).', shownDefault: '`us-east-1`' }),
    S3_ENDPOINT: documented(optionalString.pipe(z.string().regex(/^https?:\/\/[^/]+/, 'must be a URL such as https://s3.example.com').optional()), {
      description: 'The endpoint of an S3-compatible service such as MinIO or Cloudflare R2; unset for AWS S3.',
    }),
    S3_ACCESS_KEY_ID: documented(optionalString, { description: 'The bucket\'s access key: set it with S3_SECRET_ACCESS_KEY, or neither to use the default AWS credential chain (environment, instance role).' }),
    S3_SECRET_ACCESS_KEY: secret(optionalString, { description: 'The access key\'s secret.' }),
    S3_FORCE_PATH_STYLE: documented(booleanFlag, { description: 'true: address objects as `$S3_ENDPOINT/bucket/key`, which most self-hosted services need.' }),
  },
  check(env, _core, ctx) {
    bothOrNeither(ctx, ['S3_ACCESS_KEY_ID', env.S3_ACCESS_KEY_ID], ['S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY], 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the default AWS credential chain)');
  },
  build: (env) => ({
    storage: {
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
  }),
});
