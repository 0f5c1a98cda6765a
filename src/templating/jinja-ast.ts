/**
 * Typed view of the @huggingface/jinja syntax tree, plus node factories.
 *
 * The package exports `parse` but not its node classes, so the node shapes below are
 * declared structurally from the package's `ast.d.ts`. New nodes are created on the
 * prototypes of nodes the parser itself produced: the interpreter only dispatches on
 * `type`, but its macro analysis (`kwargs`/`varargs` detection) walks only real
 * `Statement` instances, so a plain object would hide its children from it.
 */
import { parse, tokenize } from '@huggingface/jinja';

/** Any syntax-tree node. */
export interface AstNode {
  type: string;
}

/** Operator token kept on binary/unary nodes. */
export interface OperatorToken {
  value: string;
  type: string;
}

export interface ProgramNode extends AstNode {
  body: AstNode[];
}
export interface IfNode extends AstNode {
  test: AstNode;
  body: AstNode[];
  alternate: AstNode[];
}
export interface ForNode extends AstNode {
  loopvar: AstNode;
  iterable: AstNode;
  body: AstNode[];
  defaultBlock: AstNode[];
}
export interface SetNode extends AstNode {
  assignee: AstNode;
  value: AstNode | null;
  body: AstNode[];
}
export interface MacroNode extends AstNode {
  name: IdentifierNode;
  args: AstNode[];
  body: AstNode[];
}
export interface MemberNode extends AstNode {
  object: AstNode;
  property: AstNode;
  computed: boolean;
}
export interface CallNode extends AstNode {
  callee: AstNode;
  args: AstNode[];
}
export interface IdentifierNode extends AstNode {
  value: string;
}
export interface StringLiteralNode extends AstNode {
  value: string;
}
export interface NumberLiteralNode extends AstNode {
  value: number;
}
export interface ListLiteralNode extends AstNode {
  value: AstNode[];
}
export interface ObjectLiteralNode extends AstNode {
  value: Map<AstNode, AstNode>;
}
export interface BinaryNode extends AstNode {
  operator: OperatorToken;
  left: AstNode;
  right: AstNode;
}
export interface UnaryNode extends AstNode {
  operator: OperatorToken;
  argument: AstNode;
}
export interface FilterNode extends AstNode {
  operand: AstNode;
  filter: AstNode;
}
export interface FilterStatementNode extends AstNode {
  filter: AstNode;
  body: AstNode[];
}
export interface SelectNode extends AstNode {
  lhs: AstNode;
  test: AstNode;
}
export interface TestNode extends AstNode {
  operand: AstNode;
  negate: boolean;
  test: IdentifierNode;
}
export interface SliceNode extends AstNode {
  start?: AstNode;
  stop?: AstNode;
  step?: AstNode;
}
export interface KeywordArgumentNode extends AstNode {
  key: IdentifierNode;
  value: AstNode;
}
export interface SpreadNode extends AstNode {
  argument: AstNode;
}
export interface CallStatementNode extends AstNode {
  call: CallNode;
  callerArgs: AstNode[] | null;
  body: AstNode[];
}
export interface TernaryNode extends AstNode {
  condition: AstNode;
  trueExpr: AstNode;
  falseExpr: AstNode;
}

/** Node shape by the parser's `type` tag. */
export interface NodeShapes {
  Program: ProgramNode;
  If: IfNode;
  For: ForNode;
  Set: SetNode;
  Macro: MacroNode;
  MemberExpression: MemberNode;
  CallExpression: CallNode;
  Identifier: IdentifierNode;
  StringLiteral: StringLiteralNode;
  IntegerLiteral: NumberLiteralNode;
  FloatLiteral: NumberLiteralNode;
  ArrayLiteral: ListLiteralNode;
  TupleLiteral: ListLiteralNode;
  ObjectLiteral: ObjectLiteralNode;
  BinaryExpression: BinaryNode;
  UnaryExpression: UnaryNode;
  FilterExpression: FilterNode;
  FilterStatement: FilterStatementNode;
  SelectExpression: SelectNode;
  TestExpression: TestNode;
  SliceExpression: SliceNode;
  KeywordArgumentExpression: KeywordArgumentNode;
  SpreadExpression: SpreadNode;
  KeywordSpreadExpression: SpreadNode;
  CallStatement: CallStatementNode;
  Ternary: TernaryNode;
}

/** Narrows a node by its `type` tag. */
export function isNode<K extends keyof NodeShapes>(node: AstNode | null | undefined, type: K): node is NodeShapes[K] {
  return node !== null && node !== undefined && node.type === type;
}

/** Node types that are statements; every other node in a body is an output expression. */
const STATEMENT_TYPES = new Set(['Program', 'If', 'For', 'Set', 'Macro', 'CallStatement', 'FilterStatement', 'Comment', 'Break', 'Continue']);

/** True for a node that produces output through `{{ … }}` (or a text run) rather than a block tag. */
export const isExpressionStatement = (node: AstNode): boolean => !STATEMENT_TYPES.has(node.type);

/** The filter's name, whether applied bare (`|upper`) or called (`|round(2)`). */
export function filterNameOf(filter: AstNode): string | undefined {
  if (isNode(filter, 'Identifier')) return filter.value;
  if (isNode(filter, 'CallExpression') && isNode(filter.callee, 'Identifier')) return filter.callee.value;
  return undefined;
}

/** The filter's call arguments ([] for a bare filter). */
export function filterArgsOf(filter: AstNode): AstNode[] {
  return isNode(filter, 'CallExpression') ? filter.args : [];
}

/**
 * Parses a template the way `Template` does (trim_blocks + lstrip_blocks).
 * @throws {SyntaxError | Error} when the template does not tokenize or parse
 */
export function parseTemplate(source: string): ProgramNode {
  return parse(tokenize(source, { lstrip_blocks: true, trim_blocks: true }));
}

/**
 * Parses one expression (no surrounding `{{ }}`).
 * @throws {Error} when it is not exactly one expression
 */
export function parseSingleExpression(expression: string): AstNode {
  const program: ProgramNode = parse(tokenize(`{{ ${expression} }}`));
  const [node] = program.body;
  // `a }}text{{ b` would smuggle several nodes (or a statement) through one expression.
  if (program.body.length !== 1 || node === undefined || !isExpressionStatement(node)) {
    throw new SyntaxError('expected exactly one expression');
  }
  return node;
}

/** Prototypes of the node kinds we create, taken from a parsed seed expression. */
const prototypes = (() => {
  const seed = parse(tokenize('{{ f("s", [x], 1) if y is defined else z }}'));
  const ternary = seed.body[0];
  if (!isNode(ternary, 'Ternary') || !isNode(ternary.trueExpr, 'CallExpression')) {
    throw new Error('@huggingface/jinja changed: unexpected seed syntax tree');
  }
  const call = ternary.trueExpr;
  const [text, list, integer] = call.args;
  return {
    Program: Object.getPrototypeOf(seed) as object,
    Ternary: Object.getPrototypeOf(ternary) as object,
    CallExpression: Object.getPrototypeOf(call) as object,
    Identifier: Object.getPrototypeOf(call.callee) as object,
    StringLiteral: Object.getPrototypeOf(text) as object,
    ArrayLiteral: Object.getPrototypeOf(list) as object,
    IntegerLiteral: Object.getPrototypeOf(integer) as object,
  };
})();

function build<T extends AstNode>(prototype: object, fields: T): T {
  return Object.assign(Object.create(prototype) as object, fields);
}

/** `name` */
export const identifier = (value: string): IdentifierNode => build(prototypes.Identifier, { type: 'Identifier', value });
/** One node per helper name and thread, shared by every compiled program: nothing changes an identifier node. */
const helperIdentifiers = new Map<string, IdentifierNode>();
/** `$helper`, the name a sandbox helper call is made through (sandbox-names.ts). */
export function helperIdentifier(name: string): IdentifierNode {
  let node = helperIdentifiers.get(name);
  if (node === undefined) {
    node = identifier(name);
    helperIdentifiers.set(name, node);
  }
  return node;
}
/** `"text"` */
export const stringLiteral = (value: string): StringLiteralNode => build(prototypes.StringLiteral, { type: 'StringLiteral', value });
/** `42` */
export const integerLiteral = (value: number): NumberLiteralNode => build(prototypes.IntegerLiteral, { type: 'IntegerLiteral', value });
/** `[a, b]` */
export const listLiteral = (value: AstNode[]): ListLiteralNode => build(prototypes.ArrayLiteral, { type: 'ArrayLiteral', value });
/** `callee(args…)` */
export const callExpression = (callee: AstNode, args: AstNode[]): CallNode => build(prototypes.CallExpression, { type: 'CallExpression', callee, args });
/** `trueExpr if condition else falseExpr` */
export const ternary = (condition: AstNode, trueExpr: AstNode, falseExpr: AstNode): TernaryNode =>
  build(prototypes.Ternary, { type: 'Ternary', condition, trueExpr, falseExpr });
/** A nested block evaluated as text (the interpreter renders a Program node like a body). */
export const program = (body: AstNode[]): ProgramNode => build(prototypes.Program, { type: 'Program', body });
