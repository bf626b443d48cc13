//go:build linux

package main

// Whole-process benchmarks (issue 14): the wizard's first ranked frame in a
// pty against a bare Bubble Tea v2 program in the same harness, and a
// headless recommend against `gpupick --help`. Each iteration runs both
// programs, one after the other, so the ratio is taken on the same machine
// load; the figures are reported as metrics (ns per run of each) and their
// ratio.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/gpupick/gpupick/internal/testenv"
)

var (
	benchBinOnce sync.Once
	benchBins    map[string]string
	benchBinErr  error
)

// benchBinaries builds gpupick and the bare Bubble Tea program once.
func benchBinaries(b *testing.B) map[string]string {
	b.Helper()
	benchBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gpupick-bench-")
		if err != nil {
			benchBinErr = err
			return
		}
		benchBins = map[string]string{"gpupick": filepath.Join(dir, "gpupick"), "bare": filepath.Join(dir, "bare")}
		for name, pkg := range map[string]string{"gpupick": ".", "bare": "./testdata/barebubbletea"} {
			if out, err := exec.Command("go", "build", "-o", benchBins[name], pkg).CombinedOutput(); err != nil {
				benchBinErr = err
				b.Logf("%s", out)
				return
			}
		}
	})
	if benchBinErr != nil {
		b.Fatal(benchBinErr)
	}
	return benchBins
}

// openPTY opens a pseudo-terminal pair of the given size.
func openPTY(cols, rows int) (master, slave *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		master.Close()
		return nil, nil, e
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		master.Close()
		return nil, nil, e
	}
	slave, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	ws := [4]uint16{uint16(rows), uint16(cols), 0, 0}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, slave.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); e != 0 {
		master.Close()
		slave.Close()
		return nil, nil, e
	}
	return master, slave, nil
}

// timeToText starts bin in a 140x40 pty and returns how long until its
// output holds marker; the program is then killed.
func timeToText(b *testing.B, bin, marker string, env []string, args ...string) time.Duration {
	b.Helper()
	master, slave, err := openPTY(140, 40)
	if err != nil {
		testenv.Missing(b, "no pty: %v", err)
	}
	defer master.Close()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	slave.Close()
	var out bytes.Buffer
	buf := make([]byte, 64<<10)
	var took time.Duration
	for {
		master.SetReadDeadline(time.Now().Add(20 * time.Second)) // a hang fails, it is not a measure
		n, err := master.Read(buf)
		out.Write(buf[:n])
		if bytes.Contains(out.Bytes(), []byte(marker)) {
			took = time.Since(start)
			break
		}
		if err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			b.Fatalf("%s: no %q before %v; output %q", bin, marker, err, tail(out.String()))
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	return took
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

// benchEnv is a clean environment: a fresh home (no cached catalog, no
// overlay), English, a colour terminal.
func benchEnv(b *testing.B) []string {
	home := b.TempDir()
	return []string{"HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"TERM=xterm-256color", "LANG=C.UTF-8", "PATH=" + os.Getenv("PATH")}
}

// reportPair reports the medians of two interleaved series and their
// ratio.
func reportPair(b *testing.B, nameA string, a []time.Duration, nameB string, bs []time.Duration) {
	ma, mb := median(a), median(bs)
	b.ReportMetric(float64(ma.Nanoseconds()), nameA+"-ns")
	b.ReportMetric(float64(mb.Nanoseconds()), nameB+"-ns")
	b.ReportMetric(float64(ma)/float64(mb), "ratio")
	b.ReportMetric(0, "ns/op")
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// BenchmarkFirstFrame is the wizard's first ranked frame (the offer list's
// "looked at" count is drawn) against a bare Bubble Tea v2 program's first
// frame, in the same pty harness, interleaved; ratio is wizard / bare.
func BenchmarkFirstFrame(b *testing.B) {
	bins := benchBinaries(b)
	env := benchEnv(b)
	var wiz, bare []time.Duration
	for b.Loop() {
		bare = append(bare, timeToText(b, bins["bare"], "bare frame ready", env))
		wiz = append(wiz, timeToText(b, bins["gpupick"], "looked at", env))
	}
	reportPair(b, "wizard", wiz, "bare", bare)
}

// runTimed runs a whole process to its end and returns its wall time.
func runTimed(b *testing.B, env []string, bin string, args ...string) time.Duration {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		b.Fatalf("%s %v: %v\n%s", bin, args, err, out.String())
	}
	return time.Since(start)
}

// BenchmarkHeadless is a headless `gpupick recommend` against `gpupick
// --help`, whole processes, interleaved; ratio is recommend / help.
func BenchmarkHeadless(b *testing.B) {
	bins := benchBinaries(b)
	env := benchEnv(b)
	var rec, help []time.Duration
	for b.Loop() {
		help = append(help, runTimed(b, env, bins["gpupick"], "--help"))
		rec = append(rec, runTimed(b, env, bins["gpupick"], "recommend", "--model", "llama-3.1-70b"))
	}
	reportPair(b, "recommend", rec, "help", help)
}
