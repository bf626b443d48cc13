// Package verify checks a rented machine against a decision record: what
// probe read from the machine (its GPUs, the link between them, its CPUs,
// memory and local NVMe disks) against the offer the record chose and the
// catalog's facts about it. It is `gpupick verify` without the I/O: the
// checks, their verdicts and every text of the command, in English and
// Chinese (text.go, one table). It imports model, model/probe and
// model/text only.
package verify
