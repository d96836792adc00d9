-- A hand quick effect at damage calculation with a condition and a cost.
function c1001.initial_effect(c)
  local e1 = Effect.CreateEffect(c)
  e1:SetDescription(aux.Stringid(1001, 0))
  e1:SetType(EFFECT_TYPE_QUICK_O)
  e1:SetRange(LOCATION_HAND)
  e1:SetCode(EVENT_PRE_DAMAGE_CALCULATE)
  e1:SetCondition(c1001.con)
  e1:SetCost(c1001.cost)
  e1:SetOperation(c1001.op)
  c:RegisterEffect(e1)
end
function c1001.con(e, tp)
  return Duel.GetTurnPlayer() ~= tp
end
function c1001.cost(e, tp, eg, ep, ev, re, r, rp, chk)
  if chk == 0 then return true end
end
function c1001.op(e, tp)
end
