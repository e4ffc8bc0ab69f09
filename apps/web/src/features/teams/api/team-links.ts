/** GET /api/teams/import-template/{format}: the import's template, downloaded by the browser from a plain link. */
export const importTemplateUrls = { csv: '/api/teams/import-template/csv', xlsx: '/api/teams/import-template/xlsx' } as const;
