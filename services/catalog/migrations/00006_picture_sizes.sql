-- +goose Up
-- A picture comes in several widths and formats for the browser to choose from (srcset): its size
-- (width × height of the largest, for the page to reserve its box) and one source per format, each a
-- srcset of URL and width pairs. url stays the picture for clients that know no srcset.
ALTER TABLE picture
    ADD COLUMN width   integer NOT NULL DEFAULT 0 CHECK (width >= 0),
    ADD COLUMN height  integer NOT NULL DEFAULT 0 CHECK (height >= 0),
    ADD COLUMN sources jsonb NOT NULL DEFAULT '[]';

-- The demo's drawings (/images/apartments/<layout>-<room>.svg) became rendered photos in two widths
-- as AVIF and WebP under the same names.
UPDATE picture
SET url     = '/images/apartments/' || stem || '-960.webp',
    width   = 960,
    height  = 640,
    sources = jsonb_build_array(
        jsonb_build_object('type', 'image/avif', 'srcset',
            format('/images/apartments/%1$s-480.avif 480w, /images/apartments/%1$s-960.avif 960w', stem)),
        jsonb_build_object('type', 'image/webp', 'srcset',
            format('/images/apartments/%1$s-480.webp 480w, /images/apartments/%1$s-960.webp 960w', stem)))
FROM (SELECT apartment_id AS id, position AS pos, substring(url FROM '^/images/apartments/([a-z]+-[a-z]+)\.svg$') AS stem
      FROM picture) AS old
WHERE picture.apartment_id = old.id AND picture.position = old.pos AND old.stem IS NOT NULL;

-- +goose Down
UPDATE picture
SET url = substring(url FROM '^(/images/apartments/[a-z]+-[a-z]+)-960\.webp$') || '.svg'
WHERE url ~ '^/images/apartments/[a-z]+-[a-z]+-960\.webp$';
ALTER TABLE picture DROP COLUMN sources, DROP COLUMN height, DROP COLUMN width;
