-- A monster that attacks twice (a number set as the value) and cannot attack directly (a function as the value).
function c1005.initial_effect(c)
  local e1 = Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_SINGLE)
  e1:SetCode(EFFECT_EXTRA_ATTACK)
  e1:SetValue(1)
  c:RegisterEffect(e1)
  local e2 = Effect.CreateEffect(c)
  e2:SetType(EFFECT_TYPE_SINGLE)
  e2:SetCode(EFFECT_CANNOT_DIRECT_ATTACK)
  e2:SetValue(c1005.val)
  c:RegisterEffect(e2)
end
function c1005.val(e, c)
  return true
end
