-- A trap on the attack declaration that targets, with a once-per-turn limit and hint timings.
function c1002.initial_effect(c)
  local e1 = Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_ACTIVATE)
  e1:SetCode(EVENT_ATTACK_ANNOUNCE)
  e1:SetProperty(EFFECT_FLAG_CARD_TARGET + EFFECT_FLAG_DAMAGE_STEP)
  e1:SetCategory(CATEGORY_DESTROY)
  e1:SetCountLimit(1, 1002)
  e1:SetHintTiming(TIMING_DAMAGE_STEP, TIMING_DAMAGE_STEP + TIMING_BATTLE_PHASE)
  e1:SetTarget(c1002.tg)
  c:RegisterEffect(e1)
  local e2 = e1:Clone()
  e2:SetCode(EVENT_PHASE + PHASE_BATTLE)
  c:RegisterEffect(e2)
end
function c1002.tg(e, tp, eg, ep, ev, re, r, rp, chk)
  if chk == 0 then return Duel.IsExistingTarget(nil, tp, 0, LOCATION_MZONE, 1, nil) end
end
