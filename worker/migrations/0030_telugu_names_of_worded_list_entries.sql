-- The list entries migration 0006 left without Telugu although they hold a
-- word (ADR 0040: a Telugu reader picks from the lists in Telugu; degree
-- abbreviations and codes, which Telugu families write in Latin letters too,
-- keep none). Incomes are bare numbers in lakhs, as the ranges beside them
-- ("1 - 2"); the field's label says "(లక్షల్లో)".
UPDATE annual_incomes SET name_te = '1 లోపు' WHERE id = 1 AND name = 'Below 1';
UPDATE annual_incomes SET name_te = '100 పైన' WHERE id = 16 AND name = 'Above 100';
-- Spoken as written, as 'డిప్లొమా (పాలిటెక్నిక్)' beside it.
UPDATE qualifications SET name_te = 'MS (మెడిసిన్)' WHERE id = 24 AND name = 'MS (Medicine)';
