// The stub of layerAppend as a whole module, so installed programs serialize it by reference (see ../stub.ts).
import { makeStub } from "../stub";

export = makeStub("layerAppend");
