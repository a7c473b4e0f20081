ALTER TABLE "industries" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "penetrating_item_types" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sealants" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transit_classes" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transit_types" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- ADR 030: databases seeded before this migration get the seeded rows' names in German, French and Chinese; a row an
-- administrator renamed (its English name is no longer the seeded one) keeps English only.
UPDATE "transit_classes" SET "names" = '{"de-DE":"Wasserdicht","fr-FR":"Étanche","zh-Hans":"水密"}'::jsonb WHERE "id" = 'WATERTIGHT' AND "name" = 'Watertight' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "transit_classes" SET "names" = '{"de-DE":"Feuerbeständig","fr-FR":"Coupe-feu","zh-Hans":"防火"}'::jsonb WHERE "id" = 'FIRE_RATED' AND "name" = 'Fire Rated' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "transit_classes" SET "names" = '{"de-DE":"Klasse H","fr-FR":"Classe H","zh-Hans":"H 级"}'::jsonb WHERE "id" = 'H_CLASS' AND "name" = 'H Class' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "transit_classes" SET "names" = '{"de-DE":"Klasse A-60","fr-FR":"Classe A-60","zh-Hans":"A-60 级"}'::jsonb WHERE "id" = 'A_60_CLASS' AND "name" = 'A-60 Class' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "transit_classes" SET "names" = '{"de-DE":"Klasse A","fr-FR":"Classe A","zh-Hans":"A 级"}'::jsonb WHERE "id" = 'A_CLASS' AND "name" = 'A Class' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "transit_classes" SET "names" = '{"de-DE":"Klasse A-0","fr-FR":"Classe A-0","zh-Hans":"A-0 级"}'::jsonb WHERE "id" = 'A_0_CLASS' AND "name" = 'A-0 Class' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "sealants" SET "names" = '{"de-DE":"NOFIRNO-Dichtmasse","fr-FR":"Mastic NOFIRNO","zh-Hans":"NOFIRNO 密封胶"}'::jsonb WHERE "id" = 'NOFIRNO_SEALANT' AND "name" = 'NOFIRNO sealant' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "sealants" SET "names" = '{"de-DE":"RISE-Dichtmasse","fr-FR":"Mastic RISE","zh-Hans":"RISE 密封胶"}'::jsonb WHERE "id" = 'RISE_SEALANT' AND "name" = 'RISE sealant' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "sealants" SET "names" = '{"de-DE":"Wasserdichte Dichtmasse","fr-FR":"Mastic étanche","zh-Hans":"水密密封胶"}'::jsonb WHERE "id" = 'WATERTIGHT_SEALANT' AND "name" = 'Watertight sealant' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "penetrating_item_types" SET "names" = '{"de-DE":"Kunststoffrohr","fr-FR":"Tuyau plastique","zh-Hans":"塑料管"}'::jsonb WHERE "id" = 'PIPE_PLASTIC' AND "name" = 'Plastic Pipe' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "penetrating_item_types" SET "names" = '{"de-DE":"Rohr","fr-FR":"Tuyau","zh-Hans":"管道"}'::jsonb WHERE "id" = 'PIPE' AND "name" = 'Pipe' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "penetrating_item_types" SET "names" = '{"de-DE":"Kabel","fr-FR":"Câble","zh-Hans":"电缆"}'::jsonb WHERE "id" = 'CABLE' AND "name" = 'Cable' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "industries" SET "names" = '{"de-DE":"Onshore","fr-FR":"À terre","zh-Hans":"陆上"}'::jsonb WHERE "id" = 'ON_SHORE' AND "name" = 'On Shore' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "industries" SET "names" = '{"de-DE":"Offshore","fr-FR":"En mer","zh-Hans":"海上"}'::jsonb WHERE "id" = 'OFF_SHORE' AND "name" = 'Off Shore' AND "names" = '{}'::jsonb;
