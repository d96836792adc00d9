-- A script that fails under any stub: it calls a field that is not there.
function c1003.initial_effect(c)
  local missing = c1003.helpers
  missing.run(c)
end
