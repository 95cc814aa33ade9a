/**
 * What the rules' conditions over age, fill, references and words read: the snapshot's time (site-data.json) and the
 * content audit's row of each content item (audit.ndjson), with the properties its type declares (types.json).
 */
import path from 'node:path';
import { z } from 'zod';
import { iterateNdjson } from '#core/snapshot-format.ts';
import type { AuditFacts, RuleContext } from '../../decisions/rule-match.ts';
import { SITE_DATA_FILES, siteDataMetaSchema, typeUsageSchema } from '../site-data-format.ts';
import { readSiteJson } from '../site-data-read.ts';

export async function readRuleContext(siteDataDir: string): Promise<RuleContext> {
  const file = (name: string) => path.join(siteDataDir, name);
  const meta = await readSiteJson(file(SITE_DATA_FILES.meta), siteDataMetaSchema);
  const types = await readSiteJson(file(SITE_DATA_FILES.types), z.array(typeUsageSchema));
  const declared = new Map(types.filter((t) => t.kind !== 'media').map((t) => [t.alias, Object.keys(t.fill)]));
  const audit = new Map<string, AuditFacts>();
  for await (const row of iterateNdjson(file(SITE_DATA_FILES.audit), z.record(z.string(), z.unknown()))) {
    const empty = String(row.emptyProperties ?? '');
    audit.set(String(row.key), {
      words: Number(row.words),
      inboundReferences: Number(row.inboundReferences),
      filled: typeof row.filled === 'number' ? row.filled : null,
      emptyProperties: empty === '' ? [] : empty.split(' '),
      properties: declared.get(String(row.type)) ?? [],
    });
  }
  return { snapshotAt: meta.snapshotFinishedAt, audit };
}
