-- A monster whose own battle damage to the opponent is doubled while it is
-- attacked: the value a shared helper's closure over a player and an amount.
function c1009.initial_effect(c)
  local e1 = Effect.CreateEffect(c)
  e1:SetType(EFFECT_TYPE_SINGLE)
  e1:SetCode(EFFECT_CHANGE_BATTLE_DAMAGE)
  e1:SetCondition(c1009.attacked)
  e1:SetValue(aux.ChangeBattleDamage(1, DOUBLE_DAMAGE))
  c:RegisterEffect(e1)
end
function c1009.attacked(e)
  return Duel.GetAttackTarget() == e:GetHandler()
end
