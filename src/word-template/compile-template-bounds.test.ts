import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_WORD_TEMPLATES, compileWordTemplate, rememberedWordTemplateCount } from './compile-template.js';
import { buildDocx, paragraph } from './test-support/ooxml-builder.js';

describe('the compiled Word templates a thread remembers', () => {
  it(`are at most ${MAX_REMEMBERED_WORD_TEMPLATES}, however many different templates are filled`, async () => {
    const templates = await Promise.all(
      Array.from({ length: MAX_REMEMBERED_WORD_TEMPLATES + 4 }, (_, i) => buildDocx({ body: paragraph(`Dear {{ name }}, letter ${i}`) })),
    );
    for (const bytes of templates) expect((await compileWordTemplate(bytes)).problems).toEqual([]);
    expect(rememberedWordTemplateCount()).toBe(MAX_REMEMBERED_WORD_TEMPLATES);
  });
});
