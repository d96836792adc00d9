-- A monster whose field effect reaches Trap cards through a shared helper's
-- closure over a Card method: the stub names the method it closes over.
function c1007.initial_effect(c)
  local e1 = Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_FIELD)
  e1:SetCode(EFFECT_CANNOT_TRIGGER)
  e1:SetRange(LOCATION_MZONE)
  e1:SetTargetRange(LOCATION_HAND + LOCATION_SZONE, LOCATION_HAND + LOCATION_SZONE)
  e1:SetTarget(aux.TargetBoolFunction(Card.IsTrap))
  c:RegisterEffect(e1)
end
