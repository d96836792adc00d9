-- A free-chain Spell whose target check calls a helper of the card's own
-- table: the helper's names count as the target check's.
function c1006.initial_effect(c)
  local e1 = Effect.CreateEffect(c)
  e1:SetCategory(CATEGORY_DESTROY)
  e1:SetType(EFFECT_TYPE_ACTIVATE)
  e1:SetCode(EVENT_FREE_CHAIN)
  e1:SetProperty(EFFECT_FLAG_CARD_TARGET)
  e1:SetTarget(c1006.tg)
  e1:SetOperation(c1006.op)
  c:RegisterEffect(e1)
end
function c1006.check(c)
  return c:IsType(TYPE_SPELL + TYPE_TRAP)
end
function c1006.tg(e, tp, eg, ep, ev, re, r, rp, chk)
  if chk == 0 then return Duel.IsExistingTarget(c1006.check, tp, LOCATION_ONFIELD, LOCATION_ONFIELD, 1, nil) end
  Duel.SelectTarget(tp, c1006.check, tp, LOCATION_ONFIELD, LOCATION_ONFIELD, 1, 1, nil)
end
function c1006.op(e, tp)
  local tc = Duel.GetFirstTarget()
  Duel.Destroy(tc, 0)
end
