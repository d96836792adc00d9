-- Registers through a helper that takes named arguments: the card must not look like a table.
function c1004.initial_effect(c)
  if c:GetLevel() == 4 and c:IsType(TYPE_MONSTER) then aux.AddBoost(c, 500) end
  aux.AddBoost({card = c, amount = 300})
end
