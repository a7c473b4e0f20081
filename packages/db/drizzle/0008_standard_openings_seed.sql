-- Issue 22 item 4 (ADR 020): sensible standard opening sizes for the smallest-opening suggestion: round core-drill and
-- sleeve diameters, rectangular frame sizes (width × height, mm, sharp corners). Administrators edit the list in the
-- catalogue screen. Kept apart from the generated table migration so the lead can renumber both.
INSERT INTO "standard_openings" ("id", "shape", "diameter_mm", "width_mm", "height_mm", "corner_radius_mm", "sort") VALUES
  ('R100', 'ROUND', 100, NULL, NULL, NULL, 0),
  ('R125', 'ROUND', 125, NULL, NULL, NULL, 1),
  ('R150', 'ROUND', 150, NULL, NULL, NULL, 2),
  ('R160', 'ROUND', 160, NULL, NULL, NULL, 3),
  ('R200', 'ROUND', 200, NULL, NULL, NULL, 4),
  ('R250', 'ROUND', 250, NULL, NULL, NULL, 5),
  ('R300', 'ROUND', 300, NULL, NULL, NULL, 6),
  ('R350', 'ROUND', 350, NULL, NULL, NULL, 7),
  ('R400', 'ROUND', 400, NULL, NULL, NULL, 8),
  ('R450', 'ROUND', 450, NULL, NULL, NULL, 9),
  ('R500', 'ROUND', 500, NULL, NULL, NULL, 10),
  ('R600', 'ROUND', 600, NULL, NULL, NULL, 11),
  ('Q100x100', 'RECTANGLE', NULL, 100, 100, 0, 12),
  ('Q150x100', 'RECTANGLE', NULL, 150, 100, 0, 13),
  ('Q150x150', 'RECTANGLE', NULL, 150, 150, 0, 14),
  ('Q200x100', 'RECTANGLE', NULL, 200, 100, 0, 15),
  ('Q200x150', 'RECTANGLE', NULL, 200, 150, 0, 16),
  ('Q200x200', 'RECTANGLE', NULL, 200, 200, 0, 17),
  ('Q250x250', 'RECTANGLE', NULL, 250, 250, 0, 18),
  ('Q300x150', 'RECTANGLE', NULL, 300, 150, 0, 19),
  ('Q300x200', 'RECTANGLE', NULL, 300, 200, 0, 20),
  ('Q300x300', 'RECTANGLE', NULL, 300, 300, 0, 21),
  ('Q400x200', 'RECTANGLE', NULL, 400, 200, 0, 22),
  ('Q400x300', 'RECTANGLE', NULL, 400, 300, 0, 23),
  ('Q400x400', 'RECTANGLE', NULL, 400, 400, 0, 24),
  ('Q500x300', 'RECTANGLE', NULL, 500, 300, 0, 25),
  ('Q600x300', 'RECTANGLE', NULL, 600, 300, 0, 26),
  ('Q600x400', 'RECTANGLE', NULL, 600, 400, 0, 27),
  ('Q800x400', 'RECTANGLE', NULL, 800, 400, 0, 28)
ON CONFLICT ("id") DO NOTHING;
