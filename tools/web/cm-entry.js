// The parts of CodeMirror 6 the page uses, as one global (window.CM).
export {EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars, rectangularSelection, dropCursor, placeholder} from "@codemirror/view";
export {EditorState, Compartment, StateEffect, StateField, Annotation, Transaction} from "@codemirror/state";
export {history, defaultKeymap, historyKeymap, indentWithTab, undo, redo} from "@codemirror/commands";
export {syntaxHighlighting, defaultHighlightStyle, indentOnInput, bracketMatching, foldGutter, foldKeymap,
  indentUnit} from "@codemirror/language";
export {searchKeymap, highlightSelectionMatches, search, openSearchPanel} from "@codemirror/search";
export {linter, lintGutter, setDiagnostics, lintKeymap, forEachDiagnostic, nextDiagnostic} from "@codemirror/lint";
export {yaml} from "@codemirror/lang-yaml";
