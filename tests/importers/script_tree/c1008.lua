-- A monster whose field effect raises its controller's monsters of one Type,
-- chosen by a shared helper's closure over a Card method and its argument: the
-- stub names the method and the argument's constant.
function c1008.initial_effect(c)
  local e1 = Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_UPDATE_ATTACK)
  e1:SetRange(LOCATION_MZONE)
  e1:SetTargetRange(LOCATION_MZONE, 0)
  e1:SetTarget(aux.TargetBoolFunction(Card.IsRace, RACE_WARRIOR))
  e1:SetValue(300)
  c:RegisterEffect(e1)
end
