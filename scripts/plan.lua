-- Conditions of the phases in trees/plan.yaml. Most phases there are skipped (not working
-- yet), so most of these are not run; they say in code what each phase waits for.
return {
  -- AutoAscend's first milestone: grow on the first levels before the Mines.
  xl_8 = function(world)
    return world.xl >= 8
  end,
  xl_10 = function(world)
    return world.xl >= 10
  end,
  xl_14 = function(world)
    return world.xl >= 14
  end,
}
