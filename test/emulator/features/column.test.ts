// Issue 13: ids, record numbers and row offsets live in 32-bit typed columns (model/column.ts) that
// widen to 64-bit floats the first time a value does not fit: no value is ever cut, through growth.
import assert from "node:assert/strict";
import { NumberColumn } from "../../../emulator/features/model/column";

describe("emulator: number columns (issue 13)", () => {
  for (const [kind, odd] of [["int32", 2 ** 31], ["int32", -(2 ** 31) - 1], ["uint32", 2 ** 32], ["uint32", -1], ["int32", 1.5]] as const) {
    it(`a ${kind} column keeps ${odd} and every value before and after it`, () => {
      const c = new NumberColumn(kind, 4);
      for (let i = 0; i < 1000; i++) c.push(i * 3);
      c.push(odd);
      for (let i = 0; i < 1000; i++) c.push(i);
      assert.equal(c.length, 2001);
      assert.equal(c.at(1000), odd);
      assert.equal(c.at(999), 2997);
      assert.equal(c.at(2000), 999);
      c.clear();
      assert.equal(c.length, 0);
      c.push(7);
      assert.equal(c.at(0), 7);
    });
  }
});
