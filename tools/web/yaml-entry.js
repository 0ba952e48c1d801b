// The `yaml` package (comment- and order-keeping parse and re-emit), as one global (window.YAML).
export {parseDocument, Document, isMap, isSeq, isScalar, isPair, isNode, isDocument, YAMLMap, YAMLSeq,
  Scalar, Pair, visit, stringify, parse, LineCounter} from "yaml";
