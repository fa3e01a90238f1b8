-- Applying adds one to the project's candidaturas_n (migration 0012). On a full page that update
-- writes a new entry into every index of requests, the trigram ones included, and now and then the
-- insert that fills a trigram index's pending list pays for merging it (44 ms for one application in
-- the benchmark). Room left on each page lets the new version stay on its page (a HOT update): no
-- index entry at all. New pages keep 15 % free (a row is about 450 bytes: two new versions fit);
-- pages written before fill up as their rows are updated and pruned.
ALTER TABLE "requests" SET (fillfactor = 85);
