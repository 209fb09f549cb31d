// The stub of folder as a whole module, so installed programs serialize it by reference (see ../stub.ts).
import { makeStub } from "../stub";

export = makeStub("folder");
