package model

// Section is a page of the wizard's questions. The registry places every
// question it asks on one; the wizard words and sums up each page.
type Section int

// The wizard's pages, in the order they are asked.
const (
	// SectionWorkload: what the GPUs do.
	SectionWorkload Section = iota
	// SectionModel: the model, or the memory the job needs when known.
	SectionModel
	// SectionPrecision: the number format of the weights.
	SectionPrecision
	// SectionLoad: the context and the batch, and how training holds its
	// state.
	SectionLoad
	// SectionLatency: how fast answers come back.
	SectionLatency
	// SectionDuration: a rented period or a job of a given size, and its
	// deadline.
	SectionDuration
	// SectionInterruption: whether the job may be interrupted, and how
	// often it saves its work.
	SectionInterruption
	// SectionBudget: the spending cap.
	SectionBudget
	// SectionScale: the GPUs, providers and regions, the currency and the
	// hard requirements of the instance.
	SectionScale
	// SectionData: the data stored and sent during the run.
	SectionData
	sectionCount
)

// SectionCount is the number of the wizard's pages.
const SectionCount = int(sectionCount)

// QuestionKind says how the wizard's question is answered.
type QuestionKind int

// How a question is answered.
const (
	// AskText: free text that the answer's parser reads.
	AskText QuestionKind = iota
	// AskChoice: one of the answer's Choices.
	AskChoice
	// AskPreset: free text, with the catalog's model presets filtered by
	// what was typed.
	AskPreset
)

// Question is how the wizard asks an answer of the registry. One answer
// may be asked by more than one question, each where its When holds (the
// batch is the concurrent users for inference and the micro-batch for
// training), and an answer with no question is not asked by the wizard
// (the parameter count: the model question reads a size too).
type Question struct {
	// Key names the question, unique in the registry: the wizard's texts
	// (its label, its accepted forms, its options' texts) are keyed by it.
	Key string
	// Section is the page that asks it.
	Section Section
	// Pos places it among the questions of its page, in ascending order
	// (numbered in tens, so that a question goes between two others
	// without renumbering them).
	Pos int
	// Kind is how it is answered.
	Kind QuestionKind
	// When narrows where it is asked beyond where the answer applies
	// (nil: wherever the answer applies).
	When func(a *Answers) bool
}

// Asked reports whether the question is asked for these answers: the
// answer applies and the question's own condition holds.
func (q *Question) Asked(s *AnswerSpec, a *Answers) bool {
	return s.AppliesTo(a) && (q.When == nil || q.When(a))
}
