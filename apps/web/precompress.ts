import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing (fonts and raster images are compressed already). */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/i;
/** Below this, the Content-Encoding header costs about what compression saves. */
const MIN_BYTES = 512;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) next to every text file of the
 * build, for @fastify/static's `preCompressed` to serve: compressed once, as small as they get, and
 * no compression work per request. A variant that saves less than a tenth is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tc:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((f) => join(outDir, f)).filter((f) => COMPRESSIBLE.test(f));
      let before = 0;
      let afterBr = 0;
      let afterGz = 0;
      let count = 0;
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const raw = await readFile(file);
          const [b, g] = await Promise.all([
            br(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          count++;
          before += raw.length;
          if (b.length < raw.length * 0.9) {
            await writeFile(`${file}.br`, b);
            afterBr += b.length;
          } else afterBr += raw.length;
          if (g.length < raw.length * 0.9) {
            await writeFile(`${file}.gz`, g);
            afterGz += g.length;
          } else afterGz += raw.length;
        }),
      );
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
      this.environment.logger.info(
        `precompressed ${count} files in ${relative(process.cwd(), outDir) || '.'}: ${kb(before)} → brotli ${kb(afterBr)}, gzip ${kb(afterGz)}`,
      );
    },
  };
}
